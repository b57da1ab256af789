/**
 * The back camera for scanning, and why it could not be had: denied by the user or the
 * browser, missing (no camera, or no camera API on a page that is not secure), or failed
 * (in use by another app, broken).
 */

export type CameraProblem = "denied" | "missing" | "failed";

export async function openCamera(media: Pick<MediaDevices, "getUserMedia"> | undefined = globalThis.navigator?.mediaDevices): Promise<MediaStream> {
  if (!media?.getUserMedia) throw new DOMException("No camera API", "NotFoundError");
  return media.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "missing";
  return "failed";
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
