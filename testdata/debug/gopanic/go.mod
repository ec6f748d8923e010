module example.com/panic

go 1.22
