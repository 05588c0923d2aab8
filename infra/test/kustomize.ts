import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const k8sDir = join(import.meta.dirname, '..', 'k8s');

export interface Container {
  name: string;
  image?: string;
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: unknown } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
}
export interface Probe {
  httpGet?: { path: string; port: string | number };
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: Record<string, unknown>;
}
export type Labels = Record<string, string>;
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels };
  // Each kind has its own spec; the tests read what they need.
  spec?: any;
  data?: Record<string, string>;
}

/** `kubectl kustomize <dir>`, every rendered object. */
export function render(dir: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', join(k8sDir, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    throw new Error(
      err.code === 'ENOENT'
        ? 'kubectl is not installed (kubectl kustomize renders the manifests)'
        : `kubectl kustomize ${dir}: ${err.stderr ?? err.message}`,
      { cause: e },
    );
  }
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

/** Problems of one object against the Kubernetes OpenAPI schema of its kind (kubernetes-models), or why it has none. */
export async function schemaErrors(o: K8sObject): Promise<string[]> {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : [null, o.apiVersion];
  let Model: new (data: unknown) => { validate(): void };
  try {
    Model = (await import(`kubernetes-models/${group ? `${group}/` : ''}${version}/${o.kind}`))[o.kind];
  } catch (e) {
    return [`${o.kind} ${o.metadata.name}: no schema for ${o.apiVersion} ${o.kind} (${e})`];
  }
  try {
    new Model(o).validate();
    return [];
  } catch (e) {
    return [`${o.kind} ${o.metadata.name}: ${(e as Error).message}`];
  }
}

export const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);

export function named(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

export const podSpec = (o: K8sObject): PodSpec => o.spec.template.spec;
export const appContainer = (o: K8sObject): Container => podSpec(o).containers[0]!;

/** matchLabels only: the manifests use no matchExpressions (a selector with them fails here on purpose). */
export function selects(
  selector: { matchLabels?: Labels; matchExpressions?: unknown[] } | Labels | undefined,
  labels: Labels = {},
): boolean {
  if (!selector) return false;
  if ('matchExpressions' in selector && selector.matchExpressions) throw new Error('matchExpressions are not evaluated here');
  const wanted = ('matchLabels' in selector ? selector.matchLabels : selector) as Labels | undefined;
  return Object.entries(wanted ?? {}).every(([k, v]) => labels[k] === v);
}

/** The container port a Service's targetPort or a probe's port names. */
export function containerPort(c: Container, port: string | number): number | undefined {
  return typeof port === 'number'
    ? c.ports?.find((p) => p.containerPort === port)?.containerPort
    : c.ports?.find((p) => p.name === port)?.containerPort;
}
