import { describe, expect, it } from 'vitest';
import {
  evenWeights,
  newExperimentDraft,
  startInput,
  startProblems,
  weightsProblem,
  withVariantAdded,
  withVariantRemoved,
  type ExperimentDraft,
} from './experimentForm';

const draftOf = (...variants: [number, string][]): ExperimentDraft => ({
  name: 'Price',
  variants: variants.map(([version, weight]) => ({ version, weight })),
});

describe('evenWeights', () => {
  it.each([
    [2, [50, 50]],
    [3, [34, 33, 33]],
    [4, [25, 25, 25, 25]],
  ])('shares 100 among %i in whole percent', (count, weights) => {
    expect(evenWeights(count)).toEqual(weights);
  });
});

describe('the form’s variants', () => {
  it('starts with the published version against the newest other one, or not at all', () => {
    expect(newExperimentDraft(1, [4, 3, 2])).toEqual({ ...draftOf([1, '50'], [4, '50']), name: '' });
    expect(newExperimentDraft(1, [])).toBeNull();
  });

  it('adds a version not yet shown, up to four, sharing the weights evenly again', () => {
    const three = withVariantAdded(draftOf([1, '70'], [4, '30']), [4, 3]);
    expect(three).toEqual(draftOf([1, '34'], [4, '33'], [3, '33']));
    // Every version shown: the next one shows the first again (the server says it is shown twice).
    expect(withVariantAdded(three, [4, 3])).toEqual(draftOf([1, '25'], [4, '25'], [3, '25'], [4, '25']));
    const four = draftOf([1, '25'], [4, '25'], [3, '25'], [2, '25']);
    expect(withVariantAdded(four, [4, 3, 2])).toBe(four);
  });

  it('removes any variant but the control, never below two', () => {
    const four = draftOf([1, '25'], [4, '25'], [3, '25'], [2, '25']);
    expect(withVariantRemoved(four, 2)).toEqual(draftOf([1, '34'], [4, '33'], [2, '33']));
    expect(withVariantRemoved(four, 0)).toBe(four);
    const two = draftOf([1, '50'], [4, '50']);
    expect(withVariantRemoved(two, 1)).toBe(two);
  });
});

describe('weightsProblem and startInput', () => {
  it.each([
    [['50', '50'], null],
    [['60', '30'], 'The weights add up to 90%; they must add up to 100%.'],
    [['50', ''], 'Each weight is a whole percentage of at least 1.'],
    [['49.5', '50.5'], 'Each weight is a whole percentage of at least 1.'],
  ])('weights %j: %s', (weights, problem) => {
    expect(weightsProblem(draftOf([1, weights[0]!], [2, weights[1]!]))).toBe(problem);
  });

  it('sends the trimmed name and the weights as numbers, an empty one as no number', () => {
    expect(
      startInput({
        name: '  Price ',
        variants: [
          { version: 1, weight: ' 60' },
          { version: 3, weight: '40' },
        ],
      }),
    ).toEqual({
      name: 'Price',
      variants: [
        { version: 1, weight: 60 },
        { version: 3, weight: 40 },
      ],
    });
    expect(startInput(draftOf([1, '50'], [3, ''])).variants[1]!.weight).toBeNaN();
  });
});

describe('startProblems', () => {
  it('puts each detail beside the field of the form it names, as a sentence; the rest apart', () => {
    const { byField, others } = startProblems(
      [
        'name: must not be empty',
        'variants.0.version: must be the published version 2',
        'variants.1.version: is not a version of vogue-demo-single',
        'variants.1.version: shows version 3 again',
        'variants.1.weight: must be at most 99',
        'variants: The weights add up to 90%; they must add up to 100%.',
        'variants.3.version: is not a version of vogue-demo-single',
        'body: Invalid input',
      ],
      2,
    );
    expect(Object.fromEntries(byField)).toEqual({
      name: 'Must not be empty',
      'variants.0.version': 'Must be the published version 2',
      'variants.1.version': 'Is not a version of vogue-demo-single; Shows version 3 again',
      'variants.1.weight': 'Must be at most 99',
      variants: 'The weights add up to 90%; they must add up to 100%.',
    });
    expect(others).toEqual(['variants.3.version: Is not a version of vogue-demo-single', 'body: Invalid input']);
  });
});
