package console.e2e;

import io.agentscope.builder.worker.HandsWorkerMain;
import java.util.Arrays;

/**
 * Starts the upstream HandsWorkerMain with the environment key taken from the ENVIRONMENT_KEY
 * environment variable. Upstream reads the key only from its --environment-key argument, which
 * every user of the machine can read in `ps`; the tests must not put a key there, so this adds it
 * to the arguments inside the JVM, where no process listing shows it.
 */
public final class EnvironmentKeyLauncher {
    private EnvironmentKeyLauncher() {}

    public static void main(String[] args) throws Exception {
        String key = System.getenv("ENVIRONMENT_KEY");
        if (key == null || key.isBlank()) {
            System.err.println("ENVIRONMENT_KEY is not set");
            System.exit(64);
        }
        String[] withKey = Arrays.copyOf(args, args.length + 2);
        withKey[args.length] = "--environment-key";
        withKey[args.length + 1] = key;
        HandsWorkerMain.main(withKey);
    }
}
