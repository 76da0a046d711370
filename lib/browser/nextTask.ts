/**
 * Resolves in a later task, so that the work after it runs in a task of its own: a phone
 * can answer a tap in between, and no single task grows long (a long task delays any tap
 * that comes during it).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
