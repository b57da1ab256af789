/**
 * Dragging a site from the Sites Due pane onto a day: the site's id travels in the drag data
 * under the schedule's own type, so only a site from the pane is taken.
 */
import { type DragEvent, useState } from "react";

const SITE_TYPE = "application/x-fieldtag-site";

/** The props that make a pane entry draggable as `siteId`. */
export function siteDragProps(siteId: string) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(SITE_TYPE, siteId);
      event.dataTransfer.effectAllowed = "copy";
    },
  };
}

/** A drop target for sites: whether one is over it now, and the props to spread on it. Undefined `onDrop` makes no target. */
export function useSiteDrop(onDrop: ((siteId: string) => void) | undefined) {
  const [over, setOver] = useState(false);
  const carriesSite = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes(SITE_TYPE);
  if (!onDrop) return { over: false, props: {} };
  return {
    over,
    props: {
      onDragOver: (event: DragEvent) => {
        if (!carriesSite(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const siteId = event.dataTransfer.getData(SITE_TYPE);
        if (!siteId) return;
        event.preventDefault();
        onDrop(siteId);
      },
    },
  };
}
