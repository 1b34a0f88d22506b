package data_test

import (
	"path/filepath"
	"testing"

	"github.com/warroom/warroom/data"
	"github.com/warroom/warroom/data/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

func TestBoltContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) data.Store {
		b, err := data.Open(filepath.Join(t.TempDir(), "w.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return b
	})
}

func TestPostgresContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) data.Store { return openPG(t, storetest.NewDatabase(t)) })
}

// Behind a pooler in transaction mode (PgBouncer) a URL turns prepared
// statements off: default_query_exec_mode=simple_protocol.
func TestPostgresContractSimpleProtocol(t *testing.T) {
	storetest.Run(t, func(t *testing.T) data.Store {
		return openPG(t, storetest.NewDatabase(t)+"&default_query_exec_mode=simple_protocol")
	})
}

// openPG opens a store on url, closed when the test ends.
func openPG(t testing.TB, url string) *data.Postgres {
	t.Helper()
	p, err := data.OpenPostgres(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}
