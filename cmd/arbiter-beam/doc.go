// Command arbiter-beam runs Arbiter's audit as an Apache Beam pipeline, so
// that one run spreads over the machines of a Beam runner: prism on this
// machine (the default), Google Cloud Dataflow, or Flink and Spark through
// a Beam job server.
//
//	arbiter-beam [Beam flags, e.g. --runner=prism] -o DIR [-block-size SIZE] [-incremental] INPUT...
//
// The launcher plans the inputs (audit.MakePlan: work units that start at
// a game, cut from plain PGN and from multi-frame zstd files). The
// pipeline is one splittable DoFn over the plan's units that refuses
// dynamic splits (one unit is one set of part files, named from the
// input), running audit.RunBlock for each unit; a Combine of the units'
// statistics; and a last step, on a worker once every unit is done, that
// publishes the run (audit.Commit). The output folder must be one file
// system that the launcher and every worker see at the same path.
//
// It is its own Go module, so that the Beam SDK stays out of the arbiter
// binary and out of the main module's build and tests. It does not read
// through Beam's filesystem package (which has no ranged read): units read
// the inputs with package os.
package main
