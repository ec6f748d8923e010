package midline

func init() {
	registry.Add("web",
		&Config{
			Port: 80,
			Hosts: []string{
				"a.example",
				"b.example",
			},
		})
	if debug {
		registry.Add("debug",
			Config{Port: 6060,
				Hosts: nil})
	}
}
