// The fault drills' load (bench/faults.ts): kept going from the start of a drill to its end, whatever
// the machine's speed, so the fault always falls inside it and answers keep coming after it.

export interface SteadyLoad {
  /** How many writes (check-ins, uploads) the drill has to hand out. */
  total: number;
  /** The drill's length, ms. */
  durationMs: number;
  /** Requests in flight at once. */
  workers: number;
  /** ms since the drill started. */
  since: () => number;
  /** One write: the turn-th of `total` (0-based). */
  write: (turn: number) => Promise<void>;
  /** A read, between writes that are not yet due. */
  read: () => Promise<void>;
}

/**
 * Runs `workers` loops until the drill's end. Each takes the next write when it is due, turn i at
 * i/total of the run and never before, so a fast machine cannot use them all up before the fault (or
 * before it ends), and a slow one takes them late; in between, and once every write is made, it reads.
 */
export async function steadyLoad(load: SteadyLoad): Promise<void> {
  let handed = 0;
  const due = (): number | null => {
    if (handed >= load.total || handed * load.durationMs > load.since() * load.total) return null;
    return handed++;
  };
  const worker = async () => {
    while (load.since() < load.durationMs) {
      const turn = due();
      await (turn === null ? load.read() : load.write(turn));
    }
  };
  await Promise.all(Array.from({ length: load.workers }, worker));
}
