import type { TestProject } from "vitest/node";
import { startPageServer } from "./server/page-server";

export default async function setup(project: TestProject) {
  const server = await startPageServer();
  project.provide("pageServer", server.origin);
  return () => server.close();
}
