import { useState } from 'react';
import { backOfficeApi } from '@/lib/operators/backOfficeApi';
import { isStepUpRequired } from '@/lib/operators/stepUp';
import { useAction } from './useAction';

type Runner = ReturnType<typeof useAction>;

/**
 * Grave changes (operators, tokens) want a code given in the last few minutes. `run` runs an
 * action with its button's runner; when the server asks for a code, the action is kept and
 * `asking` shows the step-up form, whose `confirm` gives the code and runs the action again.
 */
export function useStepUp() {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const form = useAction();

  const run = (runner: Runner, action: () => Promise<void>) => {
    const attempt = (): Promise<void> =>
      runner.run(async () => {
        try {
          await action();
        } catch (error) {
          if (!isStepUpRequired(error)) throw error;
          setRetry(() => () => void attempt());
        }
      });
    return attempt();
  };

  const confirm = (code: string) =>
    form.run(async () => {
      await backOfficeApi.stepUp(code);
      const again = retry;
      setRetry(null);
      again?.();
    });

  return { asking: retry !== null, busy: form.busy, error: form.error, run, confirm, cancel: () => setRetry(null) };
}
