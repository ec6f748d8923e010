package midline

func init() {
	register("web", &Config{
		Port: 80,
		Hosts: []string{
			"a.example",
			"b.example",
		},
	})
	if debug {
		register("debug", Config{Port: 6060,
			Hosts: nil})
	}
}
