/**
 * Copy-paste examples for the reference page (OpenAPI `x-codeSamples`), in curl, JavaScript and Python,
 * written against the server's own public address.
 */
type Sample = { lang: string; label: string; source: string };

const TEXT = 'Paste at least 50 words of text here...';

export function humanizeSamples(base: string): Sample[] {
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl ${base}/v1/humanize \\
  -H "Authorization: Bearer $PLAINSPOKEN_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"text": "${TEXT}", "mode": "lightning"}'`,
    },
    {
      lang: 'JavaScript',
      label: 'JavaScript',
      source: `const res = await fetch('${base}/v1/humanize', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.PLAINSPOKEN_API_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(), // reuse it when you retry this same request
  },
  body: JSON.stringify({ text: '${TEXT}', mode: 'lightning' }),
});
const body = await res.json();
if (!res.ok) throw new Error(\`\${body.error.code}: \${body.error.message}\`);
console.log(body.humanized_text, body.remaining_balance);`,
    },
    {
      lang: 'Python',
      label: 'Python',
      source: `import os, uuid, requests

res = requests.post(
    "${base}/v1/humanize",
    headers={
        "Authorization": f"Bearer {os.environ['PLAINSPOKEN_API_KEY']}",
        "Idempotency-Key": str(uuid.uuid4()),  # reuse it when you retry this same request
    },
    json={"text": "${TEXT}", "mode": "lightning"},
    timeout=120,
)
body = res.json()
if not res.ok:
    raise RuntimeError(f"{body['error']['code']}: {body['error']['message']}")
print(body["humanized_text"], body["remaining_balance"])`,
    },
  ];
}

export function detectSamples(base: string): Sample[] {
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl ${base}/v1/detect \\
  -H "Authorization: Bearer $PLAINSPOKEN_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"text": "${TEXT}"}'`,
    },
    {
      lang: 'JavaScript',
      label: 'JavaScript',
      source: `const res = await fetch('${base}/v1/detect', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.PLAINSPOKEN_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({ text: '${TEXT}' }),
});
const body = await res.json();
if (!res.ok) throw new Error(\`\${body.error.code}: \${body.error.message}\`);
console.log(body.score, body.flagged);`,
    },
    {
      lang: 'Python',
      label: 'Python',
      source: `import os, requests

res = requests.post(
    "${base}/v1/detect",
    headers={"Authorization": f"Bearer {os.environ['PLAINSPOKEN_API_KEY']}"},
    json={"text": "${TEXT}"},
    timeout=60,
)
body = res.json()
if not res.ok:
    raise RuntimeError(f"{body['error']['code']}: {body['error']['message']}")
print(body["score"], body["flagged"])`,
    },
  ];
}

export function usageSamples(base: string): Sample[] {
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl ${base}/v1/usage \\\n  -H "Authorization: Bearer $PLAINSPOKEN_API_KEY"`,
    },
    {
      lang: 'JavaScript',
      label: 'JavaScript',
      source: `const res = await fetch('${base}/v1/usage', {
  headers: { Authorization: \`Bearer \${process.env.PLAINSPOKEN_API_KEY}\` },
});
const usage = await res.json();
console.log(\`\${usage.balance} of \${usage.monthly_limit} words left on \${usage.plan}\`);`,
    },
    {
      lang: 'Python',
      label: 'Python',
      source: `import os, requests

usage = requests.get(
    "${base}/v1/usage",
    headers={"Authorization": f"Bearer {os.environ['PLAINSPOKEN_API_KEY']}"},
    timeout=30,
).json()
print(f"{usage['balance']} of {usage['monthly_limit']} words left on {usage['plan']}")`,
    },
  ];
}
