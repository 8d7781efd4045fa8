/**
 * The trial compile thread (loader.ts compileOffThread): parses and compiles one job, the shared data's
 * directory or stored source records, with the vocabularies of the thread that asked, and posts the result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { installReferenceVocabularies } from '../vocab/reference/active';
import { catalogueFile, compileRecords, importDirectory, type RawRecord } from './importers';

installReferenceVocabularies(workerData.vocabularies);
const job: { dir: string } | { records: RawRecord[] } = workerData.job;
const result = 'dir' in job ? importDirectory(job.dir, catalogueFile) : compileRecords(job.records);
parentPort?.postMessage({ trials: result.trials, errors: result.errors, files: 'files' in result ? result.files : undefined });
