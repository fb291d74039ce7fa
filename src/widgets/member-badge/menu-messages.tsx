import { createElement, Fragment } from 'react';
import type { MenuStrings } from '../../i18n/en';
import type { MemberProblem } from '../../store/types';
import { fill } from '../../ui/i18n';
import type { MenuState } from './menu-state';

/** A problem from the store in the member's words. */
function problemText(problem: MemberProblem, t: MenuStrings): string {
  const detail = problem.detail ?? '';
  // A refusal in the platform's own words (its message is already for people).
  return problem.key === 'refused' ? detail : fill(t[problem.key], { slug: detail, message: detail });
}

/** The action's problem, or what it did. */
export function Messages({ id, t, problem, status }: MenuState) {
  return (
    <>
      {problem ? (
        <p className="problem" role="alert" id={`${id}-problem`}>
          {problemText(problem, t)}
        </p>
      ) : null}
      {status ? (
        <p className="status" role="status">
          {status}
        </p>
      ) : null}
    </>
  );
}
