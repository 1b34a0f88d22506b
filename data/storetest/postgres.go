package storetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/warroom/warroom/data"
)

// Cluster is a throwaway PostgreSQL server for tests: initdb in a fresh
// temporary directory, listening only on a unix socket in that directory,
// stopped and removed by Stop.
type Cluster struct {
	dir  string
	bin  string
	cred *syscall.Credential // the server's user when the tests run as root
	mu   sync.Mutex
	n    int
}

// SkipEnv is the variable that lets a machine without PostgreSQL skip the
// PostgreSQL tests; without it their absence fails the tests, so CI
// cannot pass by silently skipping them.
const SkipEnv = "WARROOM_SKIP_PG"

// BinEnv names the directory of the server's binaries when they are
// neither on PATH nor where Debian puts them.
const BinEnv = "WARROOM_PG_BIN"

// missing is the error when the server's binaries are not found.
var missing = errors.New("PostgreSQL server binaries (initdb, pg_ctl) not found on PATH, in " + BinEnv +
	" or in /usr/lib/postgresql/*/bin: install them (Debian: apt-get install -y postgresql) or set " +
	SkipEnv + "=1 to skip the PostgreSQL tests")

// pgBin finds the directory of initdb and pg_ctl: $WARROOM_PG_BIN, PATH,
// else Debian's /usr/lib/postgresql/<version>/bin, newest version first.
func pgBin() (string, error) {
	if d := os.Getenv(BinEnv); d != "" {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err != nil {
			return "", fmt.Errorf("%s=%s: %w", BinEnv, d, missing)
		}
		return d, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", missing
}

// serverUser is who runs initdb and the server: PostgreSQL refuses to run
// as root, so as root the tests hand the directory to "nobody".
func serverUser(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	uid, gid := uint32(65534), uint32(65534)
	if u, err := user.Lookup("nobody"); err == nil {
		if n, err := strconv.Atoi(u.Uid); err == nil {
			uid = uint32(n)
		}
		if n, err := strconv.Atoi(u.Gid); err == nil {
			gid = uint32(n)
		}
	}
	if err := os.Chown(dir, int(uid), int(gid)); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uid, Gid: gid, NoSetGroups: true}, nil
}

// run runs one of the server's programs as the server's user.
func (c *Cluster) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "HOME="+c.dir)
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w\n%s", name, err, out)
	}
	return nil
}

// StartPostgres starts a cluster. The directory is a short one in the
// system temp folder rather than a test's TempDir: a unix socket path has
// at most 107 bytes, and as root the server's user must be able to reach
// it (a TempDir's parents are root's, mode 0700).
func StartPostgres() (*Cluster, error) {
	bin, err := pgBin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "wpg")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if c.cred, err = serverUser(dir); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("hand %s to the server's user: %w", dir, err)
	}
	data := filepath.Join(dir, "data")
	if err := c.run("initdb", "-D", data, "-U", "warroom", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	// Only the unix socket in dir; fsync stays on, so benchmarks measure
	// durable commits.
	conf := fmt.Sprintf("\nlisten_addresses = ''\nunix_socket_directories = '%s'\nmax_connections = 300\n", dir)
	f, err := os.OpenFile(filepath.Join(data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString(conf)
		f.Close()
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := c.run("pg_ctl", "start", "-w", "-t", "60", "-D", data, "-l", filepath.Join(dir, "server.log")); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%w\nserver log:\n%s", err, log)
	}
	return c, nil
}

// URL is the connection URL of the cluster's database.
func (c *Cluster) URL() string {
	return "postgres://warroom@/postgres?host=" + c.dir + "&sslmode=disable"
}

// NewDatabase makes an empty namespace for one store and returns its URL:
// a schema of its own, named in the URL's search_path (a schema costs a
// catalogue row, a CREATE DATABASE copies and logs a whole template).
func (c *Cluster) NewDatabase() (string, error) {
	c.mu.Lock()
	c.n++
	name := "t" + strconv.Itoa(c.n)
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.URL())
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		return "", err
	}
	return c.URL() + "&search_path=" + name, nil
}

// Stop stops the server and removes its directory.
func (c *Cluster) Stop() error {
	err := c.run("pg_ctl", "stop", "-m", "fast", "-w", "-D", filepath.Join(c.dir, "data"))
	if rerr := os.RemoveAll(c.dir); err == nil {
		err = rerr
	}
	return err
}

var (
	shared     *Cluster
	sharedErr  error
	sharedOnce sync.Once
)

// skipOrFail ends a test that needs PostgreSQL when it cannot start.
func skipOrFail(t testing.TB, err error) {
	t.Helper()
	if os.Getenv(SkipEnv) == "1" {
		t.Skipf("PostgreSQL tests skipped (%s=1): %v", SkipEnv, err)
	}
	t.Fatalf("cannot start a throwaway PostgreSQL: %v", err)
}

// NewCluster starts a cluster of the test's own, stopped when it ends
// (for a package that has no TestMain calling Main).
func NewCluster(t testing.TB) *Cluster {
	t.Helper()
	c, err := StartPostgres()
	if err != nil {
		skipOrFail(t, err)
	}
	t.Cleanup(func() {
		if err := c.Stop(); err != nil {
			t.Error(err)
		}
	})
	return c
}

// Postgres returns the test binary's cluster, started on first use and
// stopped by Main. Without the server's binaries the test fails, or is
// skipped when WARROOM_SKIP_PG=1.
func Postgres(t testing.TB) *Cluster {
	t.Helper()
	sharedOnce.Do(func() { shared, sharedErr = StartPostgres() })
	if sharedErr != nil {
		skipOrFail(t, sharedErr)
	}
	return shared
}

// NewDatabase is a fresh database on the shared cluster, for one test.
func NewDatabase(t testing.TB) string {
	t.Helper()
	url, err := Postgres(t).NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	return url
}

// Main runs the tests and then stops the shared cluster if one started:
// call it from TestMain.
func Main(m *testing.M) {
	data.ServeCheck()
	code := m.Run()
	if shared != nil {
		if err := shared.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "stop the test PostgreSQL:", err)
			code = max(code, 1)
		}
	}
	os.Exit(code)
}
