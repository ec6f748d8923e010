import * as React from "react";
import type { FC } from "react";

interface Props<T> { items: T[]; render?: (item: T) => React.ReactNode }

export const List = <T,>({ items, render }: Props<T>) => (
  <ul className="list" data-count={items.length} aria-label='items' {...rest}>
    {items.map((item, i) => <li key={i}>{render ? render(item) : String(item)}</li>)}
    text with 'quotes' and "double" / slashes
    {/* a comment child */}
    {}
    <>
      <Nested.Component<string> value="a" flag />
      <svg:rect xlink:href="#x" />
      <my-element some-attr="1"></my-element>
    </>
    {...children}
  </ul>
);

const Generic = <T extends object>(p: T) => p;
const ConstGeneric = <const T,>(p: T) => p;
const cond = ok ? <A /> : <B attr={<C />} />;
function Component(): JSX.Element {
  const [state, setState] = React.useState<number>(0);
  return <div onClick={() => setState(state + 1)}>{state > 1 && <span>{`count ${state}`}</span>}</div>;
}
const Fc: FC = () => <p>a &amp; b &#123; c</p>;
const x = y as unknown as Props<string>;
const s = obj satisfies Record<string, number>;
