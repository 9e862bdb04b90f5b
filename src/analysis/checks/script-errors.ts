import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { withRendering } from "./rendering-helpers";

const MAX_MESSAGES = 5;
const MAX_MESSAGE_LENGTH = 300;
/** Control characters and line breaks (stack traces) would garble a report line; the renderer sanitises too, this keeps the check's promise on its own. */
const CONTROL = /[\u0000-\u001f\u007f]+/g;

export const scriptErrors: Check = {
  id: "script_errors",
  category: "rendering",
  importance: "low",
  title: "The page's scripts run without errors",
  fix: "Open the page with the browser's console and fix the errors it shows: a script that fails may leave content, links or tags unwritten.",
  run(page) {
    return withRendering(page, ({ errors }) => {
      const messages = errors.slice(0, MAX_MESSAGES).map((m) => m.replace(CONTROL, " ").replace(/\s+/g, " ").trim().slice(0, MAX_MESSAGE_LENGTH));
      return errors.length === 0 ? pass(messages) : fail(messages, { errors: errors.length });
    });
  },
};
