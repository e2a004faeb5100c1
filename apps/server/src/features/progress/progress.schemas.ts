/** What the progress feature tells others: its domain events (wired in src/events.ts). */
import type { Language } from '@atelier/shared';

export interface CourseCompletedEvent {
  userId: string;
  courseId: string;
  /** The language of the report that completed the last lesson: the learner's, for the certificate. */
  language: Language;
}

/**
 * Emitted inside the transaction of the report that completed a course's last lesson with a
 * video; the learner's reports run one at a time (their credit row is locked), so one completion
 * is one event.
 */
export interface ProgressEvents {
  courseCompleted: CourseCompletedEvent;
}
