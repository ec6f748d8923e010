package funclit

func serve() {
	go run(func() {
		work()

		// Drain what is left.
		for job := range jobs {
			job.Done()
		}
	})
	if ready {
		defer run(func() { work() })
	}
}
