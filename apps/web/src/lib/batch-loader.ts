/** Reads one key at a time, answered by batched reads. */
export interface BatchLoader<K, V> {
  load(key: K): Promise<V>;
}

export interface BatchLoaderOptions<V> {
  /** Keys one batched read takes at most; more leave as several reads at once. */
  maxBatch: number;
  /** How long the first key of a batch waits for others. */
  waitMs: number;
  /** The answer for a key the batched read leaves out. */
  missing: V;
}

interface Waiting<V> {
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the single-key reads made within `waitMs` of each other into one call of `readMany` (the DataLoader
 * pattern): each caller still asks for its own key and gets its own answer, and a failed batch fails each of its
 * keys. A key asked for twice in one batch is read once.
 */
export function createBatchLoader<K, V>(
  readMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
  { maxBatch, waitMs, missing }: BatchLoaderOptions<V>,
): BatchLoader<K, V> {
  let pending = new Map<K, Waiting<V>[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += maxBatch) {
      const chunk = keys.slice(start, start + maxBatch);
      const each = (settle: (waiting: Waiting<V>, key: K) => void) => {
        for (const key of chunk) for (const waiting of batch.get(key) ?? []) settle(waiting, key);
      };
      Promise.resolve()
        .then(() => readMany(chunk))
        .then(
          (answer) => each((waiting, key) => waiting.resolve(answer.has(key) ? (answer.get(key) as V) : missing)),
          (error: unknown) => each((waiting) => waiting.reject(error)),
        );
    }
  };

  return {
    load(key) {
      return new Promise<V>((resolve, reject) => {
        const waiting = pending.get(key);
        if (waiting) waiting.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
        if (!scheduled) {
          scheduled = true;
          setTimeout(flush, waitMs);
        }
      });
    },
  };
}
