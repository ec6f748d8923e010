import React from "react";

interface Props {
  title: string;
}

export function Title({ title }: Props) {
  const upper = (s: string) => s.toUpperCase();
  return <h1>{upper(title)}</h1>;
}

export const Page = (p: Props) => <div><Title title={p.title} /></div>;

export class Board extends React.Component<Props> {
  render() {
    return <Page title={this.props.title} />;
  }
}
