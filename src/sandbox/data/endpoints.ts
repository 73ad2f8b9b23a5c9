// Private endpoints: an active one with every field filled, a draft whose provider derives its
// URL from the BYOK credential (null base_url) and whose model is no longer listed (null
// model_slug, model_name), and a disabled one whose provider is no longer listed.

export interface PrivateEndpoint {
  id: string;
  status: 'draft' | 'active' | 'disabled';
  model_permaslug: string;
  model_slug: string | null;
  model_name: string | null;
  provider_name: string;
  provider_slug: string | null;
  base_url: string | null;
  upstream_model_id: string;
  declared_zdr: boolean | null;
  declared_region: 'global' | 'europe' | 'us' | null;
  pricing: { prompt: string; completion: string };
}

export const PRIVATE_ENDPOINTS: readonly PrivateEndpoint[] = [
  {
    id: '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11',
    status: 'active',
    model_permaslug: 'openai/gpt-4o-2024-08-06',
    model_slug: 'openai/gpt-4o',
    model_name: 'OpenAI: GPT-4o',
    provider_name: 'Azure',
    provider_slug: 'azure',
    base_url: 'https://contoso-sandbox.openai.azure.com',
    upstream_model_id: 'gpt-4o-prod',
    declared_zdr: true,
    declared_region: 'us',
    pricing: { prompt: '0.0000025', completion: '0.00001' },
  },
  {
    id: '9e2f7a44-1c3b-4d5e-8f60-7a8b9c0d1e2f',
    status: 'draft',
    model_permaslug: 'anthropic/claude-3-opus-20240229',
    model_slug: null,
    model_name: null,
    provider_name: 'Amazon Bedrock',
    provider_slug: 'amazon-bedrock',
    base_url: null,
    upstream_model_id: 'anthropic.claude-3-opus-20240229-v1:0',
    declared_zdr: null,
    declared_region: null,
    pricing: { prompt: '0.000015', completion: '0.000075' },
  },
  {
    id: 'c4d5e6f7-0819-4a2b-9c3d-4e5f60718293',
    status: 'disabled',
    model_permaslug: 'mistralai/mistral-large-2407',
    model_slug: 'mistralai/mistral-large',
    model_name: 'Mistral Large',
    provider_name: 'Contoso Inference',
    provider_slug: null,
    base_url: 'https://inference.contoso-sandbox.example/v1',
    upstream_model_id: 'mistral-large-2407',
    declared_zdr: false,
    declared_region: 'europe',
    pricing: { prompt: '2', completion: '6.5' },
  },
];
