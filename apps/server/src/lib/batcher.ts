/**
 * Groups concurrent calls into batches: while one batch runs, new submissions wait, then run together as the
 * next batch. A lone call runs at once (there is no timer), so under load a batch is simply the calls that
 * arrived while the previous one ran, and one transaction can serve them all. `run` answers one outcome per
 * item, in order; if it throws, every call of that batch fails with the same error.
 */
export class Batcher<I, O> {
  private readonly queue: { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly run: (items: I[]) => Promise<PromiseSettledResult<O>[]>,
    private readonly maxBatch = 200,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      void this.drain();
    });
  }

  private async drain() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const outcomes = await this.run(batch.map((b) => b.item));
          batch.forEach((b, i) => {
            const outcome = outcomes[i];
            if (outcome?.status === "fulfilled") b.resolve(outcome.value);
            else b.reject(outcome ? outcome.reason : new Error("the batch answered no outcome for this item"));
          });
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
