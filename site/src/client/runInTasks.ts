/** One piece of the client's start-up: a name (shown in the browser's performance timeline) and its work. */
export interface StartupStep {
  name: string;
  run: () => unknown;
}

/**
 * Runs the steps in order, each in a task of its own: before every step the browser gets the main
 * thread back (`nextTask`), so input, rendering and other scripts can run between them instead of
 * waiting for all of them. Each step is recorded as a performance measure named
 * `client start-up: <name>` (where the browser can). A step that throws or rejects stops the steps after it, and the
 * returned promise rejects with that error, which names the step.
 */
export async function runInTasks(
  steps: readonly StartupStep[],
  nextTask: () => Promise<void>,
  perf: Pick<Performance, 'now' | 'measure'> | undefined = globalThis.performance,
): Promise<void> {
  for (const step of steps) {
    await nextTask();
    const start = perf?.now();
    try {
      await step.run();
    } catch (error) {
      throw new Error(`client start-up: step "${step.name}" failed`, { cause: error });
    }
    if (perf && start !== undefined) {
      try {
        perf.measure(`client start-up: ${step.name}`, { start, end: perf.now() });
      } catch {
        // A browser without User Timing Level 3 (measure options) throws here; the page must still start.
      }
    }
  }
}

/**
 * A promise that resolves in a new task. A message to a channel is a task like a timer's, but
 * browsers neither clamp it to 4 ms when nested nor slow it down in a background tab.
 */
export function messageChannelTask(channel: MessageChannel = new MessageChannel()): () => Promise<void> {
  const waiting: Array<() => void> = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}
