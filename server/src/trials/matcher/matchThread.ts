/**
 * A match thread (threads.ts): holds a copy of the trial index and answers matches, in the order its
 * messages arrive (index updates before the searches that follow them).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { installReferenceVocabularies } from '../../vocab/reference/active';
import { TrialIndex, matchPatient } from './index';
import { matchCounted } from './searchCounts';
import type { FromMatchThread, ToMatchThread } from './threads';

installReferenceVocabularies(workerData.vocabularies);
const index = new TrialIndex();

parentPort!.on('message', (message: ToMatchThread) => {
  if (message.type === 'load') {
    for (const t of message.trials) index.add(t);
    return;
  }
  let answer: FromMatchThread;
  try {
    answer = message.count
      ? { id: message.id, ...matchCounted(index, message.patient, message.options, message.count) }
      : { id: message.id, results: matchPatient(index, message.patient, message.options) };
  } catch (error) {
    answer = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
