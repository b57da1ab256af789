// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../api/client";
import type { Session } from "../auth/session";
import { FileError, MAX_IMAGE_BYTES, contentTypeOf, createFilesClient, imageProblem } from "./files";
import { cachedImage, forgetImages } from "./imageCache";
import { loadImage } from "./useImage";

const ORG = "0000000000000000000000000000000a";
const session: Session = {
  user: { id: "u", orgId: ORG, name: "Ada", email: "ada@example.com", permissions: ["*.*"] },
  token: "access",
  expires: "2099-01-01T00:00:00.000Z",
  refreshToken: "refresh",
};

type Call = { method: string; url: string; headers: Record<string, string>; body: unknown };

/** A fake network: the API's signed-urls answer and the storage's answer to the PUT or GET. */
function network(answers: { signed?: Response | "offline"; storage?: Response | "offline" }) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    calls.push({ method: init.method ?? "GET", url, headers, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body });
    const answer = url.includes("/signed-urls") ? answers.signed : answers.storage;
    if (!answer || answer === "offline") throw new TypeError("Failed to fetch");
    return answer.clone();
  });
  const client = createApiClient({ session: { get: () => session, set: () => {} }, fetch: fetch as unknown as typeof globalThis.fetch });
  return { calls, fetch, files: createFilesClient(client, ORG, fetch as unknown as typeof globalThis.fetch) };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const png = (size = 10, name = "logo.png", type = "image/png") => new File([new Uint8Array(size)], name, { type });

describe("image checks (§5)", () => {
  it("sends png as image/png and anything else as image/jpeg", () => {
    expect(contentTypeOf({ name: "a.png", type: "image/png" })).toBe("image/png");
    expect(contentTypeOf({ name: "A.PNG", type: "" })).toBe("image/png");
    expect(contentTypeOf({ name: "a.jpg", type: "image/jpeg" })).toBe("image/jpeg");
    expect(contentTypeOf({ name: "scan", type: "image/pjpeg" })).toBe("image/jpeg");
  });

  it("takes PNG and JPEG images only, not empty and not over the limit", () => {
    expect(imageProblem({ name: "a.png", type: "image/png", size: 5 })).toBeUndefined();
    expect(imageProblem({ name: "a.jpeg", type: "", size: 5 })).toBeUndefined();
    expect(imageProblem({ name: "a.gif", type: "image/gif", size: 5 })).toBe("Choose a PNG or JPEG image.");
    expect(imageProblem({ name: "a.pdf", type: "application/pdf", size: 5 })).toBe("Choose a PNG or JPEG image.");
    expect(imageProblem({ name: "a.png", type: "image/png", size: 0 })).toBe("This file is empty.");
    expect(imageProblem({ name: "a.png", type: "image/png", size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(imageProblem({ name: "a.png", type: "image/png", size: MAX_IMAGE_BYTES + 1 })).toBe("This image is too large. The limit is 10 MB.");
  });
});

describe("files client", () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => forgetImages());

  it("asks for a write URL in the folder, PUTs the file there and answers the file name", async () => {
    const { calls, files } = network({
      signed: json(200, { url: "/api/files/logos/abc.png?expires=1&signature=s", fileName: "abc.png" }),
      storage: new Response(null, { status: 200 }),
    });
    const file = png();
    await expect(files.upload("logos", file)).resolves.toBe("abc.png");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.method).toBe("POST");
    expect(new URL(calls[0]!.url).pathname).toBe(`/api/organizations/${ORG}/signed-urls`);
    expect(calls[0]!.headers.Authorization).toBe("Bearer access");
    expect(calls[0]!.body).toEqual({ folderName: "logos", action: "write", contentType: "image/png" });
    expect(calls[1]!.method).toBe("PUT");
    expect(calls[1]!.url).toBe("http://localhost:3000/api/files/logos/abc.png?expires=1&signature=s");
    expect(calls[1]!.headers["Content-Type"]).toBe("image/png");
    expect(calls[1]!.headers.Authorization).toBeUndefined();
    // A call to the API says which app makes it, as every other does.
    expect(calls[1]!.headers["X-Fieldtag-Client"]).toBe("web");
    expect(calls[1]!.body).toBe(file);
  });

  it("PUTs a jpeg as image/jpeg to an absolute URL as given", async () => {
    const { calls, files } = network({
      signed: json(200, { url: "https://bucket.example.com/floor-plans/f.jpg?X-Amz-Signature=1", fileName: "f.jpg" }),
      storage: new Response(null, { status: 200 }),
    });
    await files.upload("floor-plans", png(10, "plan.jpg", "image/jpeg"));
    expect(calls[0]!.body).toEqual({ folderName: "floor-plans", action: "write", contentType: "image/jpeg" });
    expect(calls[1]!.url).toBe("https://bucket.example.com/floor-plans/f.jpg?X-Amz-Signature=1");
    expect(calls[1]!.headers["Content-Type"]).toBe("image/jpeg");
    // Not the API: a storage bucket's CORS rules would refuse a header of ours.
    expect(calls[1]!.headers["X-Fieldtag-Client"]).toBeUndefined();
  });

  it("refuses a wrong type or a too large file before sending anything", async () => {
    const { calls, files } = network({});
    await expect(files.upload("logos", png(10, "logo.gif", "image/gif"))).rejects.toThrow("Choose a PNG or JPEG image.");
    await expect(files.upload("logos", png(MAX_IMAGE_BYTES + 1))).rejects.toThrow("This image is too large. The limit is 10 MB.");
    expect(calls).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the signed URL or the upload", async () => {
    const refusedUrl = network({ signed: json(400, { code: "BadRequest", message: "Unknown folder", contextId: "c1" }) });
    await expect(refusedUrl.files.upload("logos", png())).rejects.toThrow("The image was not saved: Unknown folder");

    const refusedPut = network({
      signed: json(200, { url: "/api/files/logos/abc.png?sig=1", fileName: "abc.png" }),
      storage: json(403, { code: "SignedUrlExpired", message: "This upload link has expired", contextId: "c2" }),
    });
    const error = await refusedPut.files.upload("logos", png()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileError);
    expect((error as Error).message).toBe("The image was not saved: This upload link has expired");

    const s3 = network({
      signed: json(200, { url: "https://bucket.example.com/x?sig=1", fileName: "x.png" }),
      storage: new Response("<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>", { status: 403 }),
    });
    await expect(s3.files.upload("logos", png())).rejects.toThrow("The image was not saved: AccessDenied Request has expired");
  });

  it("says the device is offline when no answer comes", async () => {
    const offline = network({ signed: "offline" });
    const error = (await offline.files.upload("logos", png()).catch((e: unknown) => e)) as FileError;
    expect(error.message).toBe("Images can be uploaded only while the device is online.");
    expect(error.offline).toBe(true);
  });

  it("asks for a read URL, fetches the image once and keeps it by file name", async () => {
    const { calls, files, fetch } = network({
      signed: json(200, { url: "/api/files/logos/abc.png?sig=r", fileName: "abc.png" }),
      storage: new Response("PNGDATA", { status: 200, headers: { "Content-Type": "image/png" } }),
    });
    const blob = await loadImage(files, "logos", "abc.png", fetch as unknown as typeof globalThis.fetch);
    expect(await blob.text()).toBe("PNGDATA");
    expect(calls[0]!.body).toEqual({ folderName: "logos", action: "read", fileName: "abc.png" });
    expect(calls[1]!).toMatchObject({ method: "GET", url: "http://localhost:3000/api/files/logos/abc.png?sig=r", headers: { "X-Fieldtag-Client": "web" } });
    expect(await (await cachedImage("logos", "abc.png"))?.text()).toBe("PNGDATA");

    // Offline now: the kept copy answers without a call.
    const again = await loadImage(network({ signed: "offline" }).files, "logos", "abc.png", fetch as unknown as typeof globalThis.fetch);
    expect(await again.text()).toBe("PNGDATA");
    expect(calls).toHaveLength(2);
  });
});
