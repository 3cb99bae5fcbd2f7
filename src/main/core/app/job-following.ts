import type { JobRef, NavigationTarget } from '../../../shared/bridge';
import type { Engine } from '../engine/engine';
import type { Notifier } from '../platform/notifier';
import type { StoredWorkspace } from '../platform/settings/settings-schema';
import { finishedJobNotice } from './finished-job-notice';
import { createJobWatcher, type Job, type JobPollingPolicy } from './job-watcher';
import type { BridgeEventListener, ServiceAccess } from './service-access';

/** Where a finished job's notification leads: the call or the deal it belongs to. */
export function targetForJob(ref: JobRef): NavigationTarget {
  return { screen: ref.kind === 'analysis' ? 'call' : 'deal', id: ref.parentId };
}

function jobRequest(ref: JobRef): { name: 'getAnalysis' | 'getScoring'; params: Record<string, string> } {
  return ref.kind === 'analysis'
    ? { name: 'getAnalysis', params: { id: ref.parentId, analysis_id: ref.jobId } }
    : { name: 'getScoring', params: { id: ref.parentId, scoring_id: ref.jobId } };
}

export interface JobFollowingOptions {
  policy?: Partial<JobPollingPolicy>;
  service: ServiceAccess;
  find(workspaceId: string): StoredWorkspace;
  engine: Engine;
  notifier: Notifier;
  emit: BridgeEventListener;
}

/**
 * Main's watcher of the jobs the window started: each update to the window (and the copy told its
 * answers may be stale), how the following goes, and an OS notification at the end when the app
 * is in the background, leading to the call or deal.
 */
export function followJobs(options: JobFollowingOptions) {
  const { emit, notifier } = options;
  return createJobWatcher({
    policy: options.policy,
    async fetchJob(workspaceId, ref, signal) {
      const { name, params } = jobRequest(ref);
      const response = await options.service.clientFor(options.find(workspaceId)).call(name, params as never, {
        signal,
      });
      return { job: response.data as Job, requestId: response.meta.request_id };
    },
    onUpdate: (workspaceId, ref, { job, requestId }) => {
      void options.engine.expectChanges(workspaceId);
      emit('jobUpdated', { workspaceId, kind: ref.kind, parentId: ref.parentId, job, requestId });
    },
    onFollowing: (workspaceId, ref, following) =>
      emit('jobFollowing', { workspaceId, kind: ref.kind, parentId: ref.parentId, jobId: ref.jobId, ...following }),
    onFinished(_workspaceId, ref, job) {
      if (notifier.isAppInForeground()) return;
      notifier.notify({
        ...finishedJobNotice(ref.kind, job),
        onClick: () => emit('navigate', targetForJob(ref)),
      });
    },
  });
}
