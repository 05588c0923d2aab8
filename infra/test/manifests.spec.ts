// The Kubernetes manifests as kustomize renders them: valid against the Kubernetes schemas, and shaped as
// the cluster needs them (the entrypoint test boots the processes they start and asks the probed paths).
import { SERVICES } from '@dukan/contracts';
import {
  appContainer,
  byKind,
  containerPort,
  named,
  podSpec,
  render,
  schemaErrors,
  selects,
  type Container,
  type K8sObject,
} from './kustomize.js';

const APPS = [...SERVICES, 'gateway'] as const;
const AUTOSCALED = ['catalog', 'gateway', 'sales'];
const SECRET_LIKE = /TOKEN|PASSWORD|SECRET|PRIVATE|CREDENTIAL|DATABASE_URL/i;

const allContainers = (o: K8sObject): Container[] => [...podSpec(o).containers, ...(podSpec(o).initContainers ?? [])];
const workloads = (objects: K8sObject[]) => [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')];

describe.each(['base', 'overlays/production'])('infra/k8s/%s', (dir) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(dir);
  });

  it('renders, and every object is valid against the Kubernetes schema of its kind', async () => {
    expect(objects.length).toBeGreaterThan(25);
    const errors: string[] = [];
    for (const o of objects) errors.push(...(await schemaErrors(o))); // one at a time: jest's ESM loader trips over parallel imports
    expect(errors).toEqual([]);
  });

  it('defines no Secret and takes every secret value from a Secret it references', () => {
    expect(byKind(objects, 'Secret')).toEqual([]);
    const config = byKind(objects, 'ConfigMap').flatMap((c) => Object.entries(c.data ?? {}));
    expect(config.filter(([k, v]) => SECRET_LIKE.test(k) || /:\/\/[^/]*@/.test(v))).toEqual([]);
    const plain = workloads(objects).flatMap((w) =>
      allContainers(w).flatMap((c) =>
        (c.env ?? []).filter((e) => SECRET_LIKE.test(e.name) && !e.valueFrom?.secretKeyRef).map((e) => `${w.metadata.name}: ${e.name}`),
      ),
    );
    expect(plain).toEqual([]);
    const identity = appContainer(named(objects, 'Deployment', 'identity'));
    expect(identity.env?.find((e) => e.name === 'DUKAN_ADMIN_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({
      name: 'dukan-identity',
      key: 'admin-password',
    });
    for (const d of byKind(objects, 'Deployment')) {
      expect(appContainer(d).envFrom).toContainEqual({ secretRef: { name: 'dukan-internal' } }); // INTERNAL_TOKEN, NATS credentials
    }
  });

  it('runs a Deployment and a Service for every service and the gateway, on the ports their URLs name', () => {
    const config = byKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('dukan-config'))!.data!;
    for (const name of APPS) {
      const deployment = named(objects, 'Deployment', name);
      const service = named(objects, 'Service', name);
      const app = appContainer(deployment);
      expect({ name, args: app.args }).toEqual({ name, args: [name] }); // the image's entrypoint starts it by name
      expect(selects(deployment.spec.selector, deployment.spec.template.metadata.labels)).toBe(true);
      expect(selects(service.spec.selector, deployment.spec.template.metadata.labels)).toBe(true);
      const [port] = service.spec.ports as { port: number; targetPort: string | number }[];
      const target = containerPort(app, port!.targetPort);
      expect({ name, target }).toEqual({ name, target: Number(app.env?.find((e) => e.name === 'PORT')?.value) });
      if (name !== 'gateway')
        expect({ name, url: config[`${name.toUpperCase()}_URL`] }).toEqual({ name, url: `http://${name}:${port!.port}` });
    }
    expect(
      byKind(objects, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...APPS].sort());
  });

  it('probes each process on its health endpoints: alive on /health, a service ready on /health/ready', () => {
    for (const d of byKind(objects, 'Deployment')) {
      const app = appContainer(d);
      const probes = { liveness: app.livenessProbe?.httpGet, readiness: app.readinessProbe?.httpGet, startup: app.startupProbe?.httpGet };
      const ready = d.metadata.name === 'gateway' ? '/health' : '/health/ready';
      expect({ name: d.metadata.name, paths: [probes.liveness?.path, probes.readiness?.path, probes.startup?.path] }).toEqual({
        name: d.metadata.name,
        paths: ['/health', ready, '/health'],
      });
      for (const probe of Object.values(probes)) expect(containerPort(app, probe!.port)).toBeDefined();
    }
  });

  it('gives every container CPU and memory requests and a memory limit', () => {
    const missing = workloads(objects).flatMap((w) =>
      allContainers(w)
        .filter((c) => !c.resources?.requests?.cpu || !c.resources.requests.memory || !c.resources.limits?.memory)
        .map((c) => `${w.metadata.name}/${c.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('runs every container as a non-root user with a read-only root filesystem and no added privileges', () => {
    for (const w of workloads(objects)) {
      expect({ name: w.metadata.name, runAsNonRoot: podSpec(w).securityContext?.runAsNonRoot }).toEqual({
        name: w.metadata.name,
        runAsNonRoot: true,
      });
      for (const c of allContainers(w)) {
        expect({ name: `${w.metadata.name}/${c.name}`, ...c.securityContext }).toMatchObject({
          name: `${w.metadata.name}/${c.name}`,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
      }
    }
  });

  it('migrates in a Job, and starts each service only once its schema is migrated', () => {
    const [job, ...others] = byKind(objects, 'Job');
    expect(others).toEqual([]);
    const migrate = podSpec(job!).containers[0]!;
    expect(migrate.args).toEqual(['migrate']);
    expect(migrate.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'dukan-database',
      key: 'MIGRATE_DATABASE_URL',
    });
    expect(migrate.envFrom).toContainEqual({ secretRef: { name: 'dukan-database' } }); // each schema migrated as its owner
    // Before migrating, each service's role is created (the entrypoint test runs `db-roles` for real).
    const roles = podSpec(job!).initContainers?.find((c) => c.name === 'database-roles');
    expect(roles?.args).toEqual(['db-roles']);
    expect(roles?.env?.find((e) => e.name === 'DATABASE_ADMIN_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'dukan-database',
      key: 'MIGRATE_DATABASE_URL',
    });
    expect(roles?.envFrom).toEqual([{ secretRef: { name: 'dukan-database-roles' } }]);
    for (const name of SERVICES) {
      const deployment = named(objects, 'Deployment', name);
      const wait = podSpec(deployment).initContainers?.find((c) => c.name === 'migrations');
      expect({ name, args: wait?.args }).toEqual({ name, args: ['migrate', '--wait', name] });
      // The wait checks the schema the service itself will use, through its own database role.
      const url = (c: Container | undefined) => c?.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
      expect(url(wait)).toEqual({ name: 'dukan-database', key: `${name.toUpperCase()}_DATABASE_URL` });
      expect(url(appContainer(deployment))).toEqual({ name: 'dukan-database', key: `${name.toUpperCase()}_DATABASE_URL` });
    }
    expect(podSpec(named(objects, 'Deployment', 'gateway')).initContainers).toBeUndefined();
    expect(appContainer(named(objects, 'Deployment', 'gateway')).env?.map((e) => e.name)).not.toContain('DATABASE_URL');
  });

  it('autoscales the gateway, sales and catalog on CPU, and leaves their replica count to the autoscaler', () => {
    const hpas = byKind(objects, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(AUTOSCALED);
    for (const h of hpas) {
      const target = named(objects, h.spec.scaleTargetRef.kind, h.spec.scaleTargetRef.name);
      expect(target.spec.replicas).toBeUndefined();
      expect(h.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(h.spec.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
      });
      expect(appContainer(target).resources?.requests?.cpu).toBeDefined(); // the 100 % of a CPU target
    }
  });

  it("adds a gateway process before the tills' streams fill the memory of those running", () => {
    const hpa = named(objects, 'HorizontalPodAutoscaler', 'gateway');
    type Metric = { resource?: { name: string; target: { type: string; averageUtilization: number } } };
    const memory = (hpa.spec.metrics as Metric[]).find((m) => m.resource?.name === 'memory')?.resource;
    expect(memory?.target.type).toBe('Utilization');
    const resources = appContainer(named(objects, 'Deployment', 'gateway')).resources!;
    const mebibytes = (q: string) => {
      const [, n, unit] = /^(\d+)(Mi|Gi)$/.exec(q) ?? [];
      return Number(n) * (unit === 'Gi' ? 1024 : 1);
    };
    const scalesAt = (mebibytes(resources.requests!.memory!) * memory!.target.averageUtilization) / 100;
    // Idle a process holds about 200 MiB and each stream about 33 KiB: it scales with thousands of streams open, before
    // the processes reach their cap of streams (and well before their memory limit).
    const cap = Number(appContainer(named(objects, 'Deployment', 'gateway')).env?.find((e) => e.name === 'STREAMS_PER_PROCESS')?.value);
    expect(scalesAt).toBeGreaterThan(200 + (1_000 * 33) / 1024);
    expect(scalesAt).toBeLessThan(200 + (cap * 33) / 1024);
    expect(200 + (cap * 33) / 1024).toBeLessThan(mebibytes(resources.limits!.memory!));
  });

  it('lets traffic from outside reach the gateway only, and the services only from Dukan pods', () => {
    const policies = byKind(objects, 'NetworkPolicy');
    // Deny by default: one policy selecting every pod, admitting nothing.
    expect(
      policies.some(
        (p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress') && !p.spec.ingress?.length,
      ),
    ).toBe(true);
    type Peer = { podSelector?: object; namespaceSelector?: object; ipBlock?: object };
    const rules = (labels: Record<string, string>) =>
      policies.filter((p) => selects(p.spec.podSelector, labels)).flatMap((p) => (p.spec.ingress ?? []) as { from?: Peer[] }[]);
    const fromOutside = (rule: { from?: Peer[] }) =>
      !rule.from?.length || rule.from.some((peer) => peer.ipBlock || peer.namespaceSelector || !peer.podSelector);
    const componentOf = Object.fromEntries(byKind(objects, 'Deployment').map((d) => [d.metadata.name, d.spec.template.metadata.labels]));
    const open = Object.entries(componentOf)
      .filter(([, labels]) => rules(labels).some(fromOutside))
      .map(([name]) => name);
    expect(open).toEqual(['gateway']);
    // Behind the ingress, the client is the address its X-Forwarded-For names (the login throttle counts per client).
    expect(appContainer(named(objects, 'Deployment', 'gateway')).env?.find((e) => e.name === 'TRUST_PROXY')?.value).toBe('uniquelocal');
    // A service admits only pods of this namespace that are the gateway or a service.
    for (const name of SERVICES) {
      const peers = rules(componentOf[name]).flatMap((r) => r.from ?? []);
      expect(peers.length).toBeGreaterThan(0);
      const admitted = Object.entries(componentOf)
        .filter(([, labels]) => peers.some((p) => selects(p.podSelector as never, labels)))
        .map(([n]) => n);
      expect(admitted.sort()).toEqual([...APPS].sort());
    }
  });

  it('routes the Ingress to the gateway Service', () => {
    const [ingress] = byKind(objects, 'Ingress');
    const backends = ingress!.spec.rules.flatMap(
      (r: { http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }) =>
        r.http.paths.map((p) => p.backend.service),
    );
    expect(backends).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
  });

  it('references PostgreSQL and NATS as services outside the manifests', () => {
    for (const name of ['postgres', 'nats']) expect(named(objects, 'Service', name).spec.type).toBe('ExternalName');
    expect(byKind(objects, 'StatefulSet')).toEqual([]);
    const config = byKind(objects, 'ConfigMap')[0]!.data!;
    expect(config).toMatchObject({ EVENT_BUS: 'nats', NATS_URL: 'nats://nats:4222', HOST: '0.0.0.0' });
  });
});

describe('infra/k8s/overlays/production', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render('overlays/production');
  });

  it('puts everything in its namespace, runs its image and serves its host over TLS', () => {
    const namespaced = objects.filter((o) => o.kind !== 'Namespace');
    expect(namespaced.filter((o) => o.metadata.namespace !== 'dukan').map((o) => o.metadata.name)).toEqual([]);
    const images = new Set(workloads(objects).flatMap((w) => allContainers(w).map((c) => c.image)));
    expect([...images]).toEqual(['registry.example.com/dukan:0.1.0']);
    const ingress = named(objects, 'Ingress', 'dukan');
    expect(ingress.spec.tls[0].hosts).toContain(ingress.spec.rules[0].host);
    expect(named(objects, 'Namespace', 'dukan').metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
  });
});
