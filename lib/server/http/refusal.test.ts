import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { HttpError } from './HttpError';
import { answeredIn, inWordsOf, refusal } from './refusal';

const inProgress = () => refusal(409, 'attempt_in_progress', (words) => words.t('refusals.inProgress'), { retryAfterSeconds: 5 });

describe('refusal', () => {
  it('keeps the refusal as it was when its reader’s words cannot be looked up', async () => {
    const refused = inProgress();
    const failing = () => Promise.reject(new Error('catalogue unreachable'));
    await expect(answeredIn(failing, () => Promise.reject(refused))).rejects.toBe(refused);
  });

  it('is an HttpError worded in English from the catalogue, for the log and a caller of no known language', () => {
    const error = inProgress();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, code: 'attempt_in_progress', retryAfterSeconds: 5 });
    expect(error.message).toBe('Your payment is still being processed. Please wait a moment, then reload the page.');
  });

  it("is said again in the reader's language, with its status, code, wait and cause", async () => {
    const cause = new Error('underneath');
    const thrown = refusal(409, 'already_subscribed', (words) => words.t('refusals.alreadySubscribed'), { cause });
    const error = (await answeredIn(serverWords('fr-FR'), () => Promise.reject(thrown)).catch((caught: unknown) => caught)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, code: 'already_subscribed' });
    expect(error.cause).toBe(cause);
    expect(error.message).toBe(
      'Vous êtes déjà abonné\u00a0: il n’y a rien de plus à acheter. Connectez-vous avec votre adresse e-mail pour lire.',
    );
    expect((inWordsOf(serverWords('de-DE'), inProgress()) as HttpError).retryAfterSeconds).toBe(5);
  });

  it('leaves alone what has no wording: an English-only HttpError, any other error, an answer', async () => {
    const plain = new HttpError(400, 'invalid_body', 'The request body is not valid.');
    expect(inWordsOf(serverWords('de-DE'), plain)).toBe(plain);
    const bug = new TypeError('x is undefined');
    await expect(answeredIn(serverWords('de-DE'), () => Promise.reject(bug))).rejects.toBe(bug);
    await expect(answeredIn(serverWords('de-DE'), () => Promise.resolve(42))).resolves.toBe(42);
  });

  it('asks for the words only when something was refused', async () => {
    let asked = 0;
    const words = async () => {
      asked += 1;
      return serverWords('de-DE');
    };
    await answeredIn(words, () => Promise.resolve('ok'));
    const bug = new Error('the database is busy');
    await expect(answeredIn(words, () => Promise.reject(bug))).rejects.toBe(bug);
    expect(asked).toBe(0);
    const error = (await answeredIn(words, () => Promise.reject(inProgress())).catch((caught: unknown) => caught)) as HttpError;
    expect(asked).toBe(1);
    expect(error.message).toBe('Ihre Zahlung wird noch bearbeitet. Bitte warten Sie einen Moment und laden Sie die Seite dann neu.');
  });
});
