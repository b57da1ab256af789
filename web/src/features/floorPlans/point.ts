/**
 * Where an item sits on its floor plan (§3 Equipment floorPlanLocation): the x coordinate,
 * the letter 'x', the y coordinate — "120x340". Coordinates are pixels of the plan's image as
 * uploaded, so a point stays put whatever size the plan is shown at.
 */
export interface Point {
  x: number;
  y: number;
}

export function formatPoint({ x, y }: Point): string {
  return `${x}x${y}`;
}

export function parsePoint(text: string | null | undefined): Point | undefined {
  if (!text) return undefined;
  const at = text.indexOf("x");
  if (at < 0) return undefined;
  const [x, y] = [text.slice(0, at), text.slice(at + 1)].map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
  return Number.isFinite(x) && Number.isFinite(y) ? { x: x as number, y: y as number } : undefined;
}

/** A click at (clientX, clientY) on an image drawn in `box`, in the image's own pixels. */
export function pointOnImage(client: Point, box: { left: number; top: number; width: number; height: number }, natural: { width: number; height: number }): Point {
  const scaleX = box.width > 0 ? natural.width / box.width : 1;
  const scaleY = box.height > 0 ? natural.height / box.height : 1;
  const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), max);
  return { x: clamp((client.x - box.left) * scaleX, natural.width), y: clamp((client.y - box.top) * scaleY, natural.height) };
}
