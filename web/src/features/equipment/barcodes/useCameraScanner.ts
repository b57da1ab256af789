/**
 * Runs the camera while `active`: shows it in `video`, decodes a frame every
 * SCAN_INTERVAL_MS, and hands each barcode read to `onDetected`. The same barcode held in
 * front of the camera is reported once, not on every frame. Turning inactive (the dialog
 * closing) or unmounting stops the camera.
 */
import { useEffect, useRef, useState } from "react";
import { type CameraProblem, cameraProblem, openCamera, stopCamera } from "./camera";
import { createFrameDecoder } from "./decoders";

export const SCAN_INTERVAL_MS = 150;
/** A barcode read again within this time is the same scan. */
export const REPEAT_SCAN_MS = 2500;

export type CameraState = "off" | "starting" | "scanning" | CameraProblem;

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame is there to decode. */
const HAVE_CURRENT_DATA = 2;

export function useCameraScanner(active: boolean, video: HTMLVideoElement | null, onDetected: (code: string) => void): CameraState {
  const [state, setState] = useState<CameraState>("off");
  const report = useRef(onDetected);
  report.current = onDetected;

  useEffect(() => {
    if (!active || !video) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let last = { code: "", at: 0 };
    setState("starting");

    const scanFrames = (decode: (video: HTMLVideoElement) => Promise<string | null>) => {
      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= HAVE_CURRENT_DATA) {
          const code = await decode(video).catch(() => null);
          const now = Date.now();
          if (code && !stopped && (code !== last.code || now - last.at > REPEAT_SCAN_MS)) {
            navigator.vibrate?.(80);
            report.current(code);
          }
          if (code) last = { code, at: now };
        }
        if (!stopped) timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };

    void (async () => {
      try {
        stream = await openCamera();
      } catch (error) {
        if (!stopped) setState(cameraProblem(error));
        return;
      }
      if (stopped) {
        stopCamera(stream);
        return;
      }
      video.srcObject = stream;
      // Muted, inline video may play without a gesture; a refusal leaves a still frame at worst.
      await Promise.resolve(video.play()).catch(() => undefined);
      let decoder;
      try {
        decoder = await createFrameDecoder();
      } catch {
        stopCamera(stream);
        video.srcObject = null;
        if (!stopped) setState("failed");
        return;
      }
      if (stopped) return;
      setState("scanning");
      scanFrames((frame) => decoder.decode(frame));
    })();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stopCamera(stream);
      video.srcObject = null;
      setState("off");
    };
  }, [active, video]);

  return state;
}
