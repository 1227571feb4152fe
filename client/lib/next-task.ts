/** Resolves in a task of its own: what follows runs after the browser's pending work. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
