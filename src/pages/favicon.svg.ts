import { logoSvgFile } from '../components/ui/Logo.tsx';

// Built into dist/favicon.svg from the same shapes the pages draw inline.
export const GET = () => new Response(logoSvgFile(), { headers: { 'Content-Type': 'image/svg+xml' } });
