module encbench.local/worker

go 1.26.3

require github.com/twpayne/go-geom v1.7.0
