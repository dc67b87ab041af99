import { describe, expect, it } from "vitest";
import { databaseFaultOf, isServiceUnavailable, ServiceUnavailableError } from "./database-faults";

/** What drizzle throws around a driver's error. */
const failedQuery = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
const netError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });

describe("databaseFaultOf", () => {
  it.each([
    ["a database that does not exist", pgError("3D000", 'database "x" does not exist'), "missing"],
    ["a server shutting down", failedQuery(pgError("57P01", "terminating connection due to administrator command")), "unreachable"],
    ["a server starting up", pgError("57P03", "the database system is starting up"), "unreachable"],
    ["a connection exception", pgError("08006", "connection failure"), "unreachable"],
    ["a refused connection under a query", failedQuery(netError("ECONNREFUSED")), "unreachable"],
    ["a dual-stack refusal", failedQuery(Object.assign(new AggregateError([netError("ECONNREFUSED")]), { code: "ECONNREFUSED" })), "unreachable"],
    ["node-postgres losing its connection", failedQuery(new Error("Connection terminated unexpectedly")), "unreachable"],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect"), "unreachable"],
  ])("%s is a fault (%s)", (_label, error, reason) => {
    expect(databaseFaultOf(error)?.reason).toBe(reason);
  });

  it("a refused connection that is not the database's (a chain RPC) is not mistaken for it", () => {
    expect(databaseFaultOf(Object.assign(new TypeError("fetch failed"), { cause: netError("ECONNREFUSED") }))).toBeNull();
    expect(databaseFaultOf(netError("ECONNREFUSED"))).toBeNull();
  });

  it("while opening, a folder that cannot be made is a fault; later the same error is a bug", () => {
    const notADirectory = Object.assign(new Error("ENOTDIR: not a directory, mkdir '/x/y'"), { code: "ENOTDIR" });
    expect(databaseFaultOf(notADirectory, { opening: true })?.reason).toBe("unreachable");
    expect(databaseFaultOf(notADirectory)).toBeNull();
  });

  it("ordinary errors are not faults: a constraint violation, a syntax error, a plain bug", () => {
    expect(databaseFaultOf(failedQuery(pgError("23505", "duplicate key value")))).toBeNull();
    expect(databaseFaultOf(failedQuery(pgError("42601", "syntax error")))).toBeNull();
    expect(databaseFaultOf(new TypeError("x is undefined"))).toBeNull();
  });

  it("ServiceUnavailableError is recognised by name, whichever copy of the class threw it", () => {
    expect(isServiceUnavailable(new ServiceUnavailableError("missing", "no db", new Date()))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error("x"), { name: "ServiceUnavailableError" }))).toBe(true);
    expect(isServiceUnavailable(new Error("x"))).toBe(false);
  });
});
