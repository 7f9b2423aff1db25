/**
 * `promise`'s value, or `fallback` once `ms` have passed without it (the promise goes on; its late
 * outcome is ignored). The timer is cleared either way, so nothing waits on it.
 */
export async function orAfter<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
