function f<T>(x: T[]): number {
  return x.length as number;
}
