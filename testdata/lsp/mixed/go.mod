module mixed

go 1.22
