import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the server process (and so of its match threads: V8 flags are per process), applied on import,
 * before the rest of the server loads: main.ts imports this first, and bench:match too, to time what runs.
 *
 * Allocation-site pretenuring off. A search builds about a megabyte of results (the 70 trials explained, criterion by
 * criterion) that stays alive until the search answers, so scavenges in the middle of a search see those objects
 * survive; in some processes V8 then pretenures their allocation sites, and from there the old generation grows by
 * about 1 MB per scavenge and every scavenge takes 6–7 ms instead of ~1 ms (`--trace-gc`). Which processes fall into
 * it is chance: five runs of the same search loop gave p50 3.3–6.9 ms per search with it, 3.0–4.1 ms without, the
 * heap then steady at 277 MB (2026-11-28, 8 patients × 10,000 trials).
 */
setFlagsFromString('--no-allocation-site-pretenuring');
