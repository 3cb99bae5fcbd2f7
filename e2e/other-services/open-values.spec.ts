import { test } from '../support/fixtures';
import { everyScreenAgainst } from './every-screen';

test.use({ serviceVariant: 'open-values' });
everyScreenAgainst('open-values');
