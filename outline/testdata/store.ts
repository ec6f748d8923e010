// A small typed store.
import { EventEmitter } from "events";

export interface Todo {
  id: number;
  title: string;
  done?: boolean;
}

export type Filter = "all" | "done" | "open";

export enum Priority {
  Low,
  High,
}

namespace Ids {
  export function next(): number {
    return Math.floor(Math.random() * 1e9);
  }
}

export class Store extends EventEmitter {
  private todos: Todo[] = [];
  static readonly limit = 100;

  constructor(private readonly name: string) {
    super();
  }

  add(title: string): Todo {
    const todo = { id: Ids.next(), title };
    this.todos.push(todo);
    this.emit("change");
    return todo;
  }

  get count(): number {
    return this.todos.length;
  }

  filter(f: Filter): Todo[] {
    const keep = (t: Todo) => (f === "all" ? true : f === "done" ? !!t.done : !t.done);
    return this.todos.filter(keep);
  }
}

export abstract class Shape {
  abstract area(): number;
}

export function createStore(name: string): Store {
  function label(): string {
    return `store:${name}`;
  }
  return new Store(label());
}

export const summarize = (s: Store): string => `${s.count} todos`;

declare function external(x: number): void;
