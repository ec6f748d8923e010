import { greet } from "./a";

/** A Greeter greets by name. */
export class Greeter {
  constructor(public name: string) {}

  hello(): string { return greet(this.name) + greet("again"); }
}

export function pi(): string { const greeting = "π𝄞é"; return greeting + greet("ü") + greet("!"); }
