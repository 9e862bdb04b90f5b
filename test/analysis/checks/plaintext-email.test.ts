import { describe, expect, it } from "vitest";
import { plaintextEmail } from "../../../src/analysis/checks/plaintext-email";
import { makePage } from "../../helpers/page";

const run = (html: string) => plaintextEmail.run(makePage(html));

describe("plaintext_email check", () => {
  it("passes a page without addresses, ignoring retina file names and package versions", () => {
    const html = `<img src="/logo@2x.png" srcset="/logo@3x.webp 3x"><link href="/app@1.2.min.css">
      <script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/js/bootstrap.min.js"></script><p>Follow @pagegrade</p>`;
    expect(run(html)).toEqual({ passed: true, value: [] });
  });

  it("fails addresses in text and mailto links, listed once each", () => {
    const v = run('<p>Write to Sales@Example.com or <a href="mailto:help@support.example.co.uk">help@support.example.co.uk</a>. sales@example.com</p>');
    expect(v).toEqual({
      passed: false,
      value: ["Sales@Example.com", "help@support.example.co.uk"],
      errors: { plaintext_emails: 2 },
    });
  });

  it("lists at most 20 addresses but counts them all", () => {
    const html = Array.from({ length: 25 }, (_, i) => `<p>user${i}@example.com</p>`).join("");
    const v = run(html);
    expect(v.value).toHaveLength(20);
    expect(v.errors).toEqual({ plaintext_emails: 25 });
  });
});
