package funclit

func serve() {
	go safely(
		func() {
			work()

			// Drain what is left.
			for job := range jobs {
				job.Done()
			}
		},
	)
	if ready {
		defer safely(
			func() { work() },
		)
	}
}
