import { describe, expect, it } from "vitest";
import { loginPathFrom } from "../../auth/RequireAuth";
import type { SignUpForm } from "../../auth/AuthProvider";
import { afterSignIn } from "./landing";
import { TERMS_VERSION, signUpProblem } from "./SignUpPage";

const form = (fields: Partial<SignUpForm> = {}): SignUpForm => ({
  name: "Ann Lee",
  email: " ann@acme.ca ",
  password: "correct horse",
  organizationName: "Acme Fire",
  plan: "Basic",
  allowMarketingEmails: false,
  acceptedTermsVersion: TERMS_VERSION,
  ...fields,
});

describe("sign-up checks (§5)", () => {
  it("needs every field, then a valid email, then the server's password rule, then the terms", () => {
    expect(signUpProblem(form(), true)).toBeNull();
    expect(signUpProblem(form({ password: "1234567" }), true)).toBe("Password must be at least 8 characters");
    // Trimmed, as it is sent; counted in characters, not bytes.
    expect(signUpProblem(form({ password: " 1234567 " }), true)).toBe("Password must be at least 8 characters");
    expect(signUpProblem(form({ password: "ééééééé€" }), true)).toBeNull();
    expect(signUpProblem(form({ password: "€".repeat(342) }), true)).toBe("Password must be at most 1024 bytes");
    expect(signUpProblem(form({ password: "a".repeat(1024) }), true)).toBeNull();
    for (const field of ["name", "email", "password", "organizationName"] as const) {
      expect(signUpProblem(form({ [field]: "  " }), true)).toBe("Please fill out all fields");
    }
    expect(signUpProblem(form({ email: "ann@acme" }), true)).toBe("Email is not valid");
    expect(signUpProblem(form(), false)).toBe("You must agree to the terms and conditions");
    expect(TERMS_VERSION).toBe("1.0.1");
  });
});

describe("the auth guard's way back", () => {
  it("names where the visitor was going, query included", () => {
    expect(loginPathFrom("/settings", "")).toBe("/?from=%2Fsettings");
    expect(loginPathFrom("/accept", "?a=1&b=2")).toBe("/?from=%2Faccept%3Fa%3D1%26b%3D2");
  });

  it("returns to that page after sign-in, or to /sites, and never off the site", () => {
    expect(afterSignIn("/settings")).toBe("/settings");
    expect(afterSignIn(null)).toBe("/sites");
    expect(afterSignIn("https://evil.example")).toBe("/sites");
    expect(afterSignIn("//evil.example")).toBe("/sites");
    expect(afterSignIn("/\\evil.example")).toBe("/sites");
    expect(afterSignIn("/sites?tab=all")).toBe("/sites?tab=all");
  });
});
