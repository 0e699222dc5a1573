import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BulkCell } from '@riderdesk/domain/bulk/bulk-sheet';
import { Piscina } from 'piscina';
import { keyedError } from '../../errors.ts';
import { type BulkFileKind, UNPACK_LIMITS } from './file-checks.ts';

export interface ParsedSheet {
  sheet: string;
  rows: BulkCell[][];
}

/** Files parsed at once by this process; more wait their turn, so uploads cannot take every core. */
const MAX_PARALLEL_PARSES = 2;
/** A parse thread left without work this long exits. */
const WORKER_IDLE_MS = 60_000;
/** A parse still running after this is stopped: no honest 5 MB file takes that long. */
const PARSE_TIMEOUT_MS = 60_000;
/** The worker's heap: a 5 MB workbook parses in a few hundred MB at most. */
const WORKER_HEAP_MB = 768;

// From source the worker is parse-worker.mjs beside this file; the build bundles it as bulk-parse-worker.js
// beside the bundle (scripts/build.mjs).
const WORKER_FILE = [
  new URL('./bulk-parse-worker.js', import.meta.url),
  new URL('./parse-worker.mjs', import.meta.url),
].find((url) => existsSync(fileURLToPath(url)));

// The worker reads the zip again from the bytes alone (zip-reader.mjs): the checks' entries are not sent.
interface ParseTask {
  bytes: Uint8Array;
  kind: BulkFileKind;
  limits: typeof UNPACK_LIMITS;
  maxRows: number;
}

type WorkerAnswer = ({ ok: true } & ParsedSheet) | { ok: false; key: string };

export interface BulkFileParser {
  parse(bytes: Buffer, checked: { kind: BulkFileKind }, maxRows: number): Promise<ParsedSheet>;
  /** Ends the parse threads (tests; the process's own parser lives as long as the process). */
  close(): Promise<void>;
}

/**
 * Reads checked files (file-checks.ts) in worker threads of their own, so the event loop keeps answering
 * other merchants while a large workbook is unpacked and parsed. Each thread's heap is bounded by `heapMb`
 * (`resourceLimits`): a file that needs more ends that thread, not the process, and is refused. Refusals
 * answer with a spec §8 bulk key.
 */
export function bulkFileParser(options: { heapMb: number }): BulkFileParser {
  // Made on the first upload: its threads keep the reader loaded between files and leave after a minute
  // without work. A thread that runs out of memory or is stopped is replaced.
  let pool: Piscina<ParseTask, WorkerAnswer> | null = null;
  const parsePool = (filename: string) => {
    pool ??= new Piscina<ParseTask, WorkerAnswer>({
      filename,
      minThreads: 0,
      maxThreads: MAX_PARALLEL_PARSES,
      idleTimeout: WORKER_IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    return pool;
  };

  return {
    async parse(bytes, checked, maxRows) {
      if (!WORKER_FILE) throw new Error('the bulk parse worker is missing from the build');
      const copy = new Uint8Array(bytes);
      let answer: WorkerAnswer;
      try {
        answer = await parsePool(WORKER_FILE.href).run(
          { bytes: copy, kind: checked.kind, limits: UNPACK_LIMITS, maxRows },
          { transferList: [copy.buffer], signal: AbortSignal.timeout(PARSE_TIMEOUT_MS) },
        );
      } catch (error) {
        // Stopped after its time, or past its thread's heap: no honest file takes that long or that much. A
        // crash in the reader: the file is refused, never a 5xx.
        const code = (error as { code?: unknown } | null)?.code;
        if ((error instanceof Error && error.name === 'AbortError') || code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw keyedError(400, 'UnsafeFile', 'bulk.error.unsafe-file', 'content');
        }
        throw keyedError(400, 'InvalidFormat', 'bulk.error.invalid-format', 'content');
      }
      if (answer.ok) return { sheet: answer.sheet, rows: answer.rows };
      throw keyedError(
        400,
        answer.key === 'bulk.error.unsafe-file' ? 'UnsafeFile' : 'InvalidFormat',
        answer.key,
        'content',
      );
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}

const processParser = bulkFileParser({ heapMb: WORKER_HEAP_MB });

/** The process's parser (bulkFileParser), one pool for every upload. */
export function parseBulkFile(bytes: Buffer, checked: { kind: BulkFileKind }, maxRows: number): Promise<ParsedSheet> {
  return processParser.parse(bytes, checked, maxRows);
}
