import { createElement, Fragment } from 'react';
import { Button } from '../../ui/button';
import type { ViewProps } from './view';

/** A new member waits for the site owner's approval (OWNER_APPROVAL_REQUIRED). */
export function ApprovalView({ shell }: { shell: ViewProps }) {
  return (
    <>
      <p>{shell.t.approvalText}</p>
      <Button className="primary" onClick={shell.close}>
        {shell.t.done}
      </Button>
    </>
  );
}
