import { describe, expect, it } from 'vitest';
import { lessonToContinue } from './course-continue';

const lessons = [{ id: 'l1' }, { id: 'l2' }];
const halfway = { completed: false, continueLessonId: 'l2' };

describe('"continue the course" on the course page', () => {
  it('is offered to an owner of the course, with the lesson to continue', () => {
    expect(lessonToContinue({ purchased: true, lessons }, halfway)).toEqual({ id: 'l2' });
  });

  it('is not offered to someone who has not bought the course, even with progress on a lesson of it', () => {
    expect(lessonToContinue({ purchased: false, lessons }, halfway)).toBeNull();
  });

  it('is not offered once the course is completed, without progress, or for a lesson no longer in it', () => {
    expect(lessonToContinue({ purchased: true, lessons }, { completed: true, continueLessonId: 'l2' })).toBeNull();
    expect(lessonToContinue({ purchased: true, lessons }, undefined)).toBeNull();
    expect(lessonToContinue({ purchased: true, lessons }, { completed: false, continueLessonId: null })).toBeNull();
    expect(lessonToContinue({ purchased: true, lessons }, { completed: false, continueLessonId: 'gone' })).toBeNull();
  });
});
