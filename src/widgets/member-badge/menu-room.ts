import type { Placement } from '@floating-ui/react';

/** Between the button and the panel (menu.css's anchored panel keeps the same). */
export const GAP_PX = 6;
/** The least room the panel keeps from the viewport's edges (menu.css's too). */
export const VIEWPORT_PADDING_PX = 8;

/** Where floating-ui put the panel: its corner in the viewport and the side it chose. */
export interface Place {
  x: number;
  y: number;
  placement: Placement;
}
