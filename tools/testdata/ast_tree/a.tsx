const A = () => <div className="a">{g(1)}</div>;
