package block

func load(paths []string) error {
	for _, p := range paths {
		func() {
			if err := open(p); err != nil {
				log.Printf("open %s: %v", p, err)

				/* Keep going: one bad file
				   should not stop the rest. */
				continue
			}
		}()
	}
	func() {
		if err := flush(); err != nil {
			return err
		}
	}()
	return nil
}
