import { createElement, Fragment } from 'react';
import { Button } from '../../ui/button';
import type { ViewProps } from './view';

/** A new member waits for the site owner's approval (OWNER_APPROVAL_REQUIRED). */
export function ApprovalView({ v }: { v: ViewProps }) {
  return (
    <>
      <p>{v.t.approvalText}</p>
      <Button className="primary" onClick={v.close}>
        {v.t.done}
      </Button>
    </>
  );
}
