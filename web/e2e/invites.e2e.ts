/**
 * Inviting against the real server in Chromium: an administrator asks for a user's invite
 * link, which shows and is also mailed (a fake SMTP server here receives it); the invited user
 * opens the mailed link, sees the inviting organisation's name, sets a password and is then
 * asked to accept the terms.
 */
import { type Server as SmtpServer, createServer } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, signUpByApi, uploadAll } from "./api";
import { eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

/** Mails received, each with its recipients and its text. */
const inbox: { to: string[]; data: string }[] = [];
let smtp: SmtpServer;
const env: Record<string, string> = {};

/** A minimal SMTP server: enough of the protocol for the server's mailer to hand a mail over. */
beforeAll(async () => {
  smtp = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let to: string[] = [];
    let data = "";
    // The server's mailer may drop its connection without QUIT (e.g. when the server stops);
    // a reset from the peer is not a failure of the test.
    socket.on("error", () => socket.destroy());
    socket.write("220 fake.smtp ESMTP ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            inbox.push({ to, data });
            [to, data] = [[], ""];
            socket.write("250 OK queued\r\n");
          } else data += `${line.startsWith(".") ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = (line.split(" ")[0] ?? "").toUpperCase();
        if (verb === "EHLO") socket.write("250-fake.smtp greets you\r\n250 8BITMIME\r\n");
        else if (verb === "RCPT") {
          to.push(line);
          socket.write("250 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "QUIT") socket.end("221 Bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const address = smtp.address();
  if (!address || typeof address === "string") throw new Error("the fake SMTP server has no port");
  env.FIELDTAG_SMTP_URL = `smtp://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]), env);

describe("inviting a user", () => {
  it("mails the invite link, and the invited user's first screen names the organisation, then the terms", async () => {
    const owner = await signUpByApi(server, uniqueEmail("owner"), "Acme Fire");
    const email = uniqueEmail("tess");
    const userId = newId();
    await uploadAll(server, owner, {
      users: [{ id: userId, orgId: owner.orgId, name: "Tess Tech", email, permissions: ["*.*"], invitationStatus: 0, lastUpdated: new Date().toISOString() }],
    });

    const office = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await office.newPage();
    await signIn(page, owner);
    await page.goto(`/users/${userId}`);
    await page.getByRole("button", { name: "Create Invite Link" }).click();
    const shown = await page.getByRole("textbox", { name: "Invite Link" }).inputValue();
    await expect(page.getByText(`The link was also mailed to ${email}.`, { exact: false }).isVisible()).resolves.toBe(true);
    await office.close();

    await eventually(() => inbox.some((mail) => mail.to.some((rcpt) => rcpt.includes(email)))).toBe(true);
    const mail = inbox.find((m) => m.to.some((rcpt) => rcpt.includes(email)));
    expect(mail?.data).toContain("Acme Fire");
    const link = new URL(shown);
    expect(mail?.data.replace(/=\n/g, "")).toContain(link.searchParams.get("token"));

    const invited = await newContext(browser, server, VIEWPORTS.mobile);
    const phone = await invited.newPage();
    await phone.goto(link.pathname + link.search);
    await phone.getByText("Acme Fire invited you to Fieldtag. Choose your password to join.").waitFor();
    await phone.getByLabel("New Password").fill("tess's new password");
    await phone.getByRole("button", { name: "Set Password" }).click();
    await phone.getByText("Please read and accept the updated Terms and Conditions to continue using Fieldtag.").waitFor();
    await invited.close();
  });
});
