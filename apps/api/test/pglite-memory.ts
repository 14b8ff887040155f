/**
 * The memory of closed in-memory PGlite databases, handed to the next one a
 * test opens in this worker.
 *
 * PGlite starts PostgreSQL with 128 MB of shared buffers (fixed on its
 * command line) and zeroes them as it starts. In new WebAssembly memory that
 * first touch is page faults: on CI's machine about 0.6 s of CPU for every
 * database opened, and the API suite opens about 170 on PGlite. Memory a
 * closed database used is already paged in: zeroing it again takes about
 * 15 ms, and a database started in it opens in about half the time.
 *
 * Only test code installs this (test-database.ts); the app never does. A
 * memory is reused only after the connection that had it was closed, and it
 * is zeroed in full before it is handed out, so the next database starts as
 * in new memory. A database opened some other way (an app opening its own
 * data directory) gets new memory as before, and is never pooled.
 */

/** The parts of WebAssembly.Memory used here (the API's TypeScript libraries leave WebAssembly's types out). */
interface Memory {
  readonly buffer: ArrayBuffer;
}
interface MemoryDescriptor {
  initial: number;
  maximum?: number;
  shared?: boolean;
}
type MemoryConstructor = new (descriptor: MemoryDescriptor) => Memory;
const wasm = (globalThis as unknown as { WebAssembly: { Memory: MemoryConstructor } }).WebAssembly;
const NativeMemory = wasm.Memory;
/** PGlite's build declares its memory with this maximum (65536-byte pages): only such a request takes a pooled one. */
const PGLITE_MAXIMUM_PAGES = 32_768;

const closed: Memory[] = [];
/**
 * The memories made while a pooled open ran. Pooled opens take turns (see withPooledMemory), but a database opened
 * another way (an app opening its data directory) may start meanwhile: the memory is the open's own only when it is
 * the one made, and otherwise nothing is pooled.
 */
let madeDuringOpen: Memory[] = [];

function PooledMemory(descriptor: MemoryDescriptor): Memory {
  let memory: Memory | undefined;
  if (descriptor.maximum === PGLITE_MAXIMUM_PAGES && !descriptor.shared) {
    const index = closed.findIndex((candidate) => candidate.buffer.byteLength >= descriptor.initial * 65_536);
    if (index >= 0) [memory] = closed.splice(index, 1);
  }
  if (memory) new Uint8Array(memory.buffer).fill(0);
  else memory = new NativeMemory(descriptor);
  madeDuringOpen.push(memory);
  return memory;
}
PooledMemory.prototype = NativeMemory.prototype;

let installed = false;
let turn: Promise<unknown> = Promise.resolve();

/**
 * Opens a database (`open` makes exactly one PGlite) in a closed database's
 * memory when there is one; its close gives the memory back. Opens take
 * turns, so the one memory made during one is known to be its own.
 */
export function withPooledMemory<T extends { close(): Promise<void> }>(open: () => Promise<T>): Promise<T> {
  if (!installed) {
    wasm.Memory = PooledMemory as unknown as MemoryConstructor;
    installed = true;
  }
  const opened = turn.then(async () => {
    madeDuringOpen = [];
    const connection = await open();
    const made = madeDuringOpen;
    madeDuringOpen = [];
    const [memory] = made;
    if (made.length !== 1 || !memory) return connection;
    let returned = false;
    return {
      ...connection,
      async close() {
        await connection.close();
        if (!returned) closed.push(memory);
        returned = true;
      },
    };
  });
  turn = opened.catch(() => undefined);
  return opened;
}
